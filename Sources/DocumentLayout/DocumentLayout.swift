// Layout engine: spreads, stack layouts, view state, thumbnails.
import PageGeometry
