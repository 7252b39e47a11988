-- Setting the quantity of a cart line (not cut to size) in one round trip, as adding to one does
-- (migration 0025): as a transaction it was six (begin, the cart's lock, the line's check, its update,
-- the cart touched, commit), the cart's row locked across all of them. The cart's row is locked first,
-- as by every change of a cart. The outcome: 'updated'; 'unknown' when the user has no cart or the
-- line is not in it; 'cut' when the line is cut to size, which the caller changes by its own rules.
CREATE FUNCTION cart_set_quantity(p_user_id integer, p_line_id integer, p_quantity numeric)
RETURNS TABLE (cart_id integer, outcome text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_cart_id integer;
BEGIN
  SELECT carts.id INTO v_cart_id FROM carts WHERE carts.user_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT NULL::integer, 'unknown'::text;
    RETURN;
  END IF;
  UPDATE cart_lines SET quantity = p_quantity
    WHERE cart_lines.id = p_line_id AND cart_lines.cart_id = v_cart_id AND cart_lines.pieces IS NULL;
  IF FOUND THEN
    UPDATE carts SET updated_at = now() WHERE carts.id = v_cart_id;
    RETURN QUERY SELECT v_cart_id, 'updated'::text;
  ELSIF EXISTS (SELECT 1 FROM cart_lines WHERE cart_lines.id = p_line_id AND cart_lines.cart_id = v_cart_id) THEN
    RETURN QUERY SELECT v_cart_id, 'cut'::text;
  ELSE
    RETURN QUERY SELECT v_cart_id, 'unknown'::text;
  END IF;
END;
$$;
