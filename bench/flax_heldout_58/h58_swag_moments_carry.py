# label: ok
# flax-error: none
# class: 2 SWAG moments threaded through the raw fori_loop carry and assigned to the module variables once after the loop
"""SWAG (Maddox et al. 2019): running first and second moments of a flattened weight vector."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class SWAGCollector(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, snapshots):
        mean = self.variable("swag", "mean", jnp.zeros, (self.dim,))
        sq_mean = self.variable("swag", "sq_mean", jnp.zeros, (self.dim,))
        n = self.variable("swag", "n", lambda: jnp.zeros((), jnp.int32))

        def collect(i, carry):
            mu, sq, cnt = carry
            w = snapshots[i]
            k = cnt.astype(jnp.float32)
            return ((k * mu + w) / (k + 1.0), (k * sq + w ** 2) / (k + 1.0), cnt + 1)

        mu, sq, cnt = lax.fori_loop(0, snapshots.shape[0], collect,
                                    (mean.value, sq_mean.value, n.value))
        if not self.is_initializing():
            mean.value, sq_mean.value, n.value = mu, sq, cnt
        return mean.value, jnp.maximum(sq_mean.value - mean.value ** 2, 1e-30)


def main():
    snaps = jax.random.normal(jax.random.key(0), (5, 12))
    col = SWAGCollector(dim=12)
    state = col.init(jax.random.key(1), snaps[:1])
    (mu, var), state = col.apply(state, snaps, mutable=["swag"])
    jax.tree.map(lambda a: a * 1.0, state)
    return None
