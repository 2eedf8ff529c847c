# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body calls a helper method that increments a 'counters' variable
import jax
import jax.numpy as jnp
import flax.linen as nn


class CountingIntegrator(nn.Module):
    dt: float = 0.1

    def setup(self):
        self.drift = nn.Dense(3)
        self.nfe = self.variable("counters", "nfe", lambda: jnp.zeros((), jnp.int32))

    def _vector_field(self, y):
        self.nfe.value += 1
        return jnp.tanh(self.drift(y))

    def __call__(self, y0, n_steps: int = 10):
        self.drift(y0)

        def euler(y, _):
            y = y + self.dt * self._vector_field(y)
            return y, y

        _, traj = jax.lax.scan(euler, y0, None, length=n_steps)
        return traj


def main():
    y0 = jnp.array([0.5, -0.2, 1.0])
    model = CountingIntegrator()
    variables = model.init(jax.random.PRNGKey(0), y0)
    traj = model.apply(variables, y0)
    jnp.sum(traj).block_until_ready()
    return None
