# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "steps" in "/" because collection "progress" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 module method self.inner_step is the lax.fori_loop body and bumps a 'progress' step counter; apply not mutable
"""Population-based training worker: a member counts its own inner SGD steps for the exploit/explore schedule."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PBTMember(nn.Module):
    inner_steps: int = 4

    def setup(self):
        self.net = nn.Dense(1)
        self.steps_done = self.variable("progress", "steps", lambda: jnp.zeros((), jnp.int32))

    def inner_step(self, i, loss_acc):
        self.steps_done.value += 1
        return loss_acc + jnp.mean(self.net(jnp.ones((2, 3))) ** 2)

    def __call__(self, x):
        y = self.net(x)
        total = lax.fori_loop(0, self.inner_steps, self.inner_step, jnp.zeros(()))
        return y, total


def main():
    member = PBTMember()
    x = jnp.ones((2, 3))
    variables = member.init(jax.random.key(0), x)
    member.apply(variables, x)
    return None
