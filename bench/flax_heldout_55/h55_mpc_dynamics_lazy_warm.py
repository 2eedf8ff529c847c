# label: ok
# flax-error: none
# class: 1 learned dynamics submodules warmed up by one step before the rollout closure that lax.fori_loop runs in an MPC cost module
"""Model-predictive control with a learned dynamics model: the cost of an action sequence is
computed by rolling the dynamics forward with fori_loop inside the module; one step of the
model is taken before the loop so initialization happens outside it."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RolloutCost(nn.Module):
    state_dim: int = 4

    @nn.compact
    def __call__(self, s0, actions):
        dyn_hidden = nn.Dense(16, name="dyn_hidden")
        dyn_out = nn.Dense(self.state_dim, name="dyn_out")
        reward = nn.Dense(1, name="reward")

        def transition(s, a):
            return s + dyn_out(nn.swish(dyn_hidden(jnp.concatenate([s, a]))))

        reward(transition(s0, actions[0]))  # warm-up: create the parameters outside the loop

        def body(t, carry):
            s, total = carry
            s = transition(s, actions[t])
            return s, total + reward(s)[0]

        _, total = lax.fori_loop(0, actions.shape[0], body, (s0, jnp.zeros(())))
        return -total


def main():
    cost = RolloutCost()
    s0 = jnp.zeros((4,))
    actions = jnp.ones((6, 2))
    variables = cost.init(jax.random.key(0), s0, actions)
    c = cost.apply(variables, s0, actions)
    c.block_until_ready()
    return None
