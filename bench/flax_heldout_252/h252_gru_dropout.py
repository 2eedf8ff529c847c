# label: same-values
# flax-error: none
# class: 1 DropoutGRU.__call__ owns the dropout rng stream and runs the scan; nn.Dropout draws make_rng('dropout') inside the step
import jax
import jax.numpy as jnp
from flax import linen as nn


class DropoutGRU(nn.Module):
    """GRU written by hand so that dropout can be put on the input of every step."""

    hidden: int
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, *, train: bool):
        steps, batch, features = xs.shape
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (features, 3 * self.hidden))
        w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.hidden, 3 * self.hidden))
        bias = self.param("bias", nn.initializers.zeros_init(), (3 * self.hidden,))
        drop = nn.Dropout(self.rate, deterministic=not train)

        def step(h, x):
            x = drop(x)
            gx = x @ w_in + bias
            gh = h @ w_rec
            r = nn.sigmoid(gx[:, : self.hidden] + gh[:, : self.hidden])
            z = nn.sigmoid(gx[:, self.hidden : 2 * self.hidden] + gh[:, self.hidden : 2 * self.hidden])
            n = jnp.tanh(gx[:, 2 * self.hidden :] + r * gh[:, 2 * self.hidden :])
            h = (1.0 - z) * n + z * h
            return h, (h, x)

        h0 = jnp.zeros((batch, self.hidden))
        _, (hs, dropped) = jax.lax.scan(step, h0, xs)
        return hs, dropped


def main():
    model = DropoutGRU(hidden=8, rate=0.5)
    xs = jnp.ones((5, 2, 6))  # the same input at every time step
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    hs, dropped = model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    print("masks per step:", (dropped != 0).sum(axis=(1, 2)))
    return dropped
