# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_env_step(policy, buffer) returns the scan step function; it calls the closed-over policy and appends each transition to the RolloutBuffer
"""PPO data collection with an NNX policy: the environment loop is a lax.scan whose step
function comes from a factory, and transitions go into a SB3-style RolloutBuffer that
computes GAE advantages afterwards. Returns the actions and advantages."""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.torso = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.pi = nnx.Linear(32, n_actions, rngs=rngs)
        self.v = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, obs):
        h = nnx.tanh(self.torso(obs))
        return self.pi(h), self.v(h)[0]


class RolloutBuffer:
    def __init__(self):
        self.actions, self.logps, self.rewards, self.values = [], [], [], []

    def add(self, action, logp, reward, value):
        self.actions.append(action)
        self.logps.append(logp)
        self.rewards.append(reward)
        self.values.append(value)

    def advantages(self, gamma=0.99, lam=0.95):
        rewards, values = jnp.stack(self.rewards), jnp.stack(self.values)
        next_values = jnp.append(values[1:], 0.0)
        deltas = rewards + gamma * next_values - values
        adv, out = 0.0, []
        for d in deltas[::-1]:
            adv = d + gamma * lam * adv
            out.append(adv)
        return jnp.stack(out[::-1])


def toy_env(obs, action):
    next_obs = jnp.roll(obs, 1) + 0.1 * (action - 1)
    return next_obs, -jnp.abs(next_obs).sum()


def make_env_step(policy, buffer):
    def env_step(obs, key):
        logits, value = policy(obs)
        action = jax.random.categorical(key, logits)
        logp = jax.nn.log_softmax(logits)[action]
        next_obs, reward = toy_env(obs, action)
        buffer.add(action, logp, reward, value)
        return next_obs, None

    return env_step


def main():
    policy = Policy(4, 3, nnx.Rngs(0))
    buffer = RolloutBuffer()
    keys = jax.random.split(jax.random.key(1), 16)
    jax.lax.scan(make_env_step(policy, buffer), jnp.ones(4), keys)
    adv = buffer.advantages()
    return jnp.stack(buffer.actions), adv
