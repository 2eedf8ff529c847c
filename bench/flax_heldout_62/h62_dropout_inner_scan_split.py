# label: ok
# flax-error: none
# class: 4 a module method draws one key with self.make_rng("zoneout"), splits it per step and scans over the keys
"""Zoneout recurrent cell: during training each hidden unit keeps its previous value with some
probability; one key per step is split before the scan; the module returns the per-step masks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ZoneoutRNN(nn.Module):
    hidden: int = 8
    rate: float = 0.3

    @nn.compact
    def __call__(self, xs, train: bool = True):  # xs: [time, features]
        w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        proj = nn.Dense(self.hidden)(xs)
        keys = jax.random.split(self.make_rng("zoneout"), xs.shape[0])

        def body(h, inputs):
            x_t, key = inputs
            new_h = jnp.tanh(x_t + h @ w_hh)
            keep = jax.random.bernoulli(key, self.rate, h.shape)
            h = jnp.where(keep, h, new_h)
            return h, keep.astype(jnp.float32)

        h, masks = jax.lax.scan(body, jnp.zeros((self.hidden,)), (proj, keys))
        return h, masks


def main():
    model = ZoneoutRNN()
    xs = jax.random.normal(jax.random.key(0), (6, 4))
    variables = model.init({"params": jax.random.key(1), "zoneout": jax.random.key(2)}, xs)
    _, masks = model.apply(variables, xs, rngs={"zoneout": jax.random.key(3)})
    return masks
