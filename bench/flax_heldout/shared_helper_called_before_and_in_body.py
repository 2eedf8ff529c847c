# label: ok
# flax-error: none
# class: 3 a same-file helper calls the setup MLP once before the scan and again in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


def field(mlp, h, t):
    return jnp.tanh(mlp(jnp.concatenate([h, jnp.full(h.shape[:-1] + (1,), t)], -1)))


class ODEFunc(nn.Module):
    dim: int = 3
    steps: int = 10

    def setup(self):
        self.mlp = nn.Dense(self.dim)

    def __call__(self, h0):
        dt = 1.0 / self.steps
        h = h0 + dt * field(self.mlp, h0, 0.0)

        def euler(h, t):
            return h + dt * field(self.mlp, h, t), None

        h, _ = jax.lax.scan(euler, h, jnp.arange(1, self.steps) * dt)
        return h


def main():
    h0 = jnp.ones((2, 3))
    ode = ODEFunc()
    variables = ode.init(jax.random.PRNGKey(0), h0)
    ode.apply(variables, h0)
