-- Adding to a cart line in one round trip. As a transaction of its own it was four (begin, the cart's
-- locking upsert, the line's update or insert, commit), and the cart's row stayed locked across all
-- of them while every other write of that cart waited on a pooled connection. In this function each
-- statement takes a fresh snapshot (a volatile PL/pgSQL function, read committed), as each statement
-- of that transaction did: the line's update sees a line that a write which held the cart's lock
-- before us committed, so repeated adds still merge into one line. The cart's row is locked first,
-- as by every change of a cart. A line that would grow past p_max raises numeric_value_out_of_range
-- (22003), which undoes the whole call: the caller answers the cart's refusal, nothing written.
CREATE FUNCTION cart_add_quantity(
  p_user_id integer,
  p_article_code text,
  p_variant_code text,
  p_quantity numeric,
  p_site_tag text,
  p_max numeric
) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_cart_id integer;
  v_quantity numeric;
BEGIN
  INSERT INTO carts (user_id) VALUES (p_user_id)
    ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
    RETURNING id INTO v_cart_id;
  -- The first such line: a chantier tag changed afterwards can make two lines alike.
  UPDATE cart_lines SET quantity = cart_lines.quantity + p_quantity
    WHERE cart_lines.id = (
      SELECT same.id FROM cart_lines same
      WHERE same.cart_id = v_cart_id AND same.article_code = p_article_code
        AND same.variant_code = p_variant_code
        AND same.site_tag IS NOT DISTINCT FROM p_site_tag AND same.pieces IS NULL
      ORDER BY same.id LIMIT 1)
    RETURNING cart_lines.quantity INTO v_quantity;
  IF NOT FOUND THEN
    INSERT INTO cart_lines (cart_id, article_code, variant_code, quantity, site_tag)
      VALUES (v_cart_id, p_article_code, p_variant_code, p_quantity, p_site_tag)
      RETURNING cart_lines.quantity INTO v_quantity;
  END IF;
  IF v_quantity > p_max THEN
    RAISE EXCEPTION 'cart line quantity % over %', v_quantity, p_max
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  RETURN v_cart_id;
END;
$$;
