# label: same-values
# flax-error: none
# class: 3 make_rng inside a raw fori_loop body of a method run through apply(..., method=...)
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ScoreNet(nn.Module):
    dim: int = 3

    def setup(self):
        self.hidden = nn.Dense(32)
        self.out = nn.Dense(self.dim)

    def __call__(self, x):
        return self.out(nn.swish(self.hidden(x)))

    def langevin(self, x0, n_steps=5, eps=1e-2):
        noises = jnp.zeros((n_steps,) + x0.shape)

        def body(i, carry):
            x, trace = carry
            z = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x + eps * self(x) + jnp.sqrt(2 * eps) * z
            return x, trace.at[i].set(z)

        _, trace = lax.fori_loop(0, n_steps, body, (x0, noises))
        return trace


def main():
    net = ScoreNet()
    x0 = jnp.zeros((3,))
    params = net.init(jax.random.key(0), x0)
    trace = net.apply(params, x0, method=ScoreNet.langevin, rngs={"noise": jax.random.key(7)})
    return trace
