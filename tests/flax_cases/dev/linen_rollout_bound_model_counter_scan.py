# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 bound = model.bind(variables) in a rollout function; the scan body calls it, and its __call__ counts calls in a setup variable
"""A rollout over a bound Linen module that counts its own calls."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    def setup(self):
        self.dense = nn.Dense(4)
        self.calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, h):
        self.calls.value = self.calls.value + 1
        return self.dense(h)


def rollout(model, variables, h0):
    bound = model.bind(variables)

    def body(h, _):
        h = bound(h)
        return h, h

    return jax.lax.scan(body, h0, None, length=3)


def main():
    model = Net()
    variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
    rollout(model, variables, jnp.ones((2, 4)))
    return None
