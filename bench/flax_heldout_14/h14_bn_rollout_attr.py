# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 BatchNorm held as self.norm, updated from the raw fori_loop body of a rollout method without mutable
import jax
import jax.numpy as jnp
import flax.linen as nn


class Dynamics(nn.Module):
    def setup(self):
        self.lin = nn.Dense(4)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)

    def __call__(self, s):
        return self.norm(self.lin(s))

    def rollout(self, s0, horizon: int = 5):
        def body(t, s):
            return s + 0.1 * jnp.tanh(self.norm(self.lin(s)))
        return jax.lax.fori_loop(0, horizon, body, s0)


def main():
    model = Dynamics()
    s0 = jnp.ones((8, 4))
    variables = model.init(jax.random.PRNGKey(0), s0)
    s_T = model.apply(variables, s0, method=model.rollout)
    return None
