# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 weak 0.0 loss init gets a per-feature jnp.sum(..., axis=0): weak typing does not cover shape
import jax
import jax.numpy as jnp


def main():
    key = jax.random.PRNGKey(0)
    preds = jax.random.normal(key, (5, 8, 3))
    targets = jnp.zeros((5, 8, 3))

    def body(total, batch):
        p, y = batch
        total = total + jnp.sum((p - y) ** 2, axis=0)
        return total, None

    total, _ = jax.lax.scan(body, 0.0, (preds, targets))
    return total
