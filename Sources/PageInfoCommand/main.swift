print("pageinfo")
