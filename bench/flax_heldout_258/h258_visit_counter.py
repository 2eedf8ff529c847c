# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the fori_loop body calls a jax.checkpoint-wrapped policy_step that applies the policy, which bumps its 'counters' collection
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop

N_ACTIONS = 3


class EpsilonGreedyPolicy(nn.Module):
    n_actions: int = N_ACTIONS
    eps0: float = 0.5

    @nn.compact
    def __call__(self, obs):
        steps = self.variable("counters", "steps", lambda: jnp.zeros((), jnp.int32))
        q_values = nn.Dense(self.n_actions)(nn.relu(nn.Dense(16)(obs)))
        eps = self.eps0 / (1.0 + steps.value.astype(jnp.float32))
        if not self.is_initializing():
            steps.value = steps.value + 1
        greedy = jax.nn.one_hot(jnp.argmax(q_values, axis=-1), self.n_actions)
        return (1.0 - eps) * greedy + eps / self.n_actions


def chain_env(obs, probs):
    drift = probs @ jnp.array([[-1.0], [0.0], [1.0]])
    return jnp.clip(obs + 0.1 * drift, -1.0, 1.0)


def main():
    policy = EpsilonGreedyPolicy()
    obs0 = jnp.linspace(-0.5, 0.5, 8).reshape(4, 2)
    variables = policy.init(jax.random.key(0), obs0)

    @jax.checkpoint
    def policy_step(obs):
        return policy.apply(variables, obs)

    def body(t, carry):
        obs, ret = carry
        probs = policy_step(obs)
        obs = chain_env(obs, probs)
        return obs, ret + probs.max(axis=-1)

    obs, ret = fori_loop(0, 6, body, (obs0, jnp.zeros(obs0.shape[0])))
    jax.block_until_ready((obs, ret))
