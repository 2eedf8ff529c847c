# label: ok
# flax-error: none
# class: 1 neural ODE Euler integrator lifted with nn.scan over a vector-field module
import flax.linen as nn
import jax
import jax.numpy as jnp


class VectorField(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, h, t):
        z = nn.tanh(nn.Dense(self.width)(h))
        dh = nn.Dense(h.shape[-1])(z)
        return h + 0.1 * dh, h


class NeuralODE(nn.Module):
    steps: int = 10

    @nn.compact
    def __call__(self, h0):
        Integrator = nn.scan(VectorField, variable_broadcast="params", split_rngs={"params": False})
        h1, path = Integrator()(h0, jnp.arange(self.steps, dtype=jnp.float32))
        return h1


def main():
    h0 = jnp.ones((4, 3))
    ode = NeuralODE()
    variables = ode.init(jax.random.PRNGKey(0), h0)
    ode.apply(variables, h0)
