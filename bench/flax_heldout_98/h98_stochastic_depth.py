# label: same-values
# flax-error: none
# class: 5 stochastic depth: raw jax.lax.scan over stacked residual blocks inside a Linen module; the body draws its keep decision from self.make_rng
import jax
import jax.numpy as jnp
from flax import linen as nn

DEPTH, D = 6, 8


class ResidualStack(nn.Module):
    drop_rate: float = 0.5

    @nn.compact
    def __call__(self, x, train: bool = True):
        w = self.param("w", nn.initializers.normal(0.02), (DEPTH, D, D))

        def block(h, w_l):
            keep = jax.random.bernoulli(self.make_rng("droppath"), 1.0 - self.drop_rate, (h.shape[0], 1))
            h = h + jnp.where(keep, nn.gelu(h @ w_l) / (1.0 - self.drop_rate), 0.0)
            return h, keep[:, 0]

        h, keeps = jax.lax.scan(block, x, w)
        return h, keeps


def main():
    model = ResidualStack()
    x = jnp.ones((16, D))
    variables = model.init({"params": jax.random.key(0), "droppath": jax.random.key(1)}, x)
    _, keeps = model.apply(variables, x, rngs={"droppath": jax.random.key(2)})
    return keeps  # [layer, batch] which layers were kept
