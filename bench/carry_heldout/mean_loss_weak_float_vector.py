# label: ok
# jax-error: none
# class: 2 weak 0.0 loss init accumulates jnp.mean over all axes (a scalar): no shape change
import jax
import jax.numpy as jnp


def main():
    preds = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 3))

    def body(total, p):
        return total + jnp.mean(p ** 2), None

    total, _ = jax.lax.scan(body, 0.0, preds)
    return total
