# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "carry" in "/" because collection "memory" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the full variables dict, memory included, is the jax.lax.fori_loop carry; apply in the body has no mutable=
"""R2D2 actor rollout: the environment steps are a jax.lax.fori_loop and the network keeps its
LSTM state in a 'memory' collection. The acting apply passes the whole variables dict but no
mutable list."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RecurrentPolicy(nn.Module):
    hidden: int = 8
    actions: int = 3

    @nn.compact
    def __call__(self, obs):
        lstm = nn.LSTMCell(self.hidden)
        memory = self.variable(
            "memory", "carry", lambda: lstm.initialize_carry(jax.random.PRNGKey(0), obs.shape)
        )
        memory.value, y = lstm(memory.value, obs)
        return nn.Dense(self.actions)(y)


def env_step(obs, action):
    return jnp.tanh(obs + action[:, None].astype(obs.dtype) * 0.1)


def main():
    policy = RecurrentPolicy()
    obs = jnp.ones((2, 4))
    variables = policy.init(jax.random.PRNGKey(0), obs)

    def act(i, carry):
        variables, obs, total = carry
        q = policy.apply(variables, obs)
        action = jnp.argmax(q, -1)
        obs = env_step(obs, action)
        return variables, obs, total + q.max(-1)

    _, obs, total = lax.fori_loop(0, 5, act, (variables, obs, jnp.zeros(2)))
    print(total)
