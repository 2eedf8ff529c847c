# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "step" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 run_episode's local variables dict is applied in the while_loop body to a policy that advances its 'counters' step
import jax
import jax.numpy as jnp
from flax import linen as nn


class DecayingEpsilonPolicy(nn.Module):
    num_actions: int
    eps_start: float = 1.0
    eps_end: float = 0.05
    decay_steps: int = 100

    @nn.compact
    def __call__(self, obs):
        step = self.variable('counters', 'step', lambda: jnp.zeros((), jnp.int32))
        q_values = nn.Dense(self.num_actions)(nn.tanh(nn.Dense(16)(obs)))
        frac = jnp.clip(step.value / self.decay_steps, 0.0, 1.0)
        epsilon = self.eps_start + frac * (self.eps_end - self.eps_start)
        explore_key, action_key = jax.random.split(self.make_rng('explore'))
        explore = jax.random.uniform(explore_key) < epsilon
        random_action = jax.random.randint(action_key, (), 0, self.num_actions)
        action = jnp.where(explore, random_action, jnp.argmax(q_values))
        if not self.is_initializing():
            step.value = step.value + 1
        return action


def chain_env_step(position, action, length=6):
    move = jnp.where(action == 0, -1, 1)
    position = jnp.clip(position + move, 0, length - 1)
    done = position == length - 1
    return position, done


def observe(position, length=6):
    return jax.nn.one_hot(position, length)


def run_episode(policy, variables, key, max_steps=12):
    def cond(state):
        t, position, done, key, actions = state
        return (t < max_steps) & ~done

    def body(state):
        t, position, done, key, actions = state
        key, act_key = jax.random.split(key)
        action = policy.apply(variables, observe(position), rngs={'explore': act_key})
        position, done = chain_env_step(position, action)
        return t + 1, position, done, key, actions.at[t].set(action)

    actions = jnp.full((max_steps,), -1, jnp.int32)
    init = (jnp.int32(0), jnp.int32(0), jnp.bool_(False), key, actions)
    _, _, _, _, actions = jax.lax.while_loop(cond, body, init)
    return actions


def main():
    policy = DecayingEpsilonPolicy(num_actions=2)
    variables = policy.init({'params': jax.random.key(0), 'explore': jax.random.key(1)}, observe(0))
    actions = run_episode(policy, variables, jax.random.key(2))
    jax.block_until_ready(actions)
