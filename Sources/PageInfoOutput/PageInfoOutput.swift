// Output encoders (filled in below).
import PageGeometry
