# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 collect() runs a fori_loop whose body feeds the policy's outputs into buffer.add, a plain Python ReplayBuffer that keeps them in lists
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.fc = nnx.Linear(obs_dim, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.fc(obs)


class ReplayBuffer:
    def __init__(self):
        self.obs, self.actions, self.rewards = [], [], []

    def add(self, obs, action, reward):
        self.obs.append(obs)
        self.actions.append(action)
        self.rewards.append(reward)

    def as_batch(self):
        return {
            "obs": jnp.stack(self.obs),
            "actions": jnp.stack(self.actions),
            "rewards": jnp.stack(self.rewards),
        }


def env_step(obs, action):
    return 0.9 * obs + 0.1 * action


def collect(policy, buffer, obs0, steps):
    def body(i, obs):
        logits = policy(obs)
        action = jnp.argmax(logits)
        reward = -jnp.sum(obs ** 2)
        buffer.add(obs, action, reward)
        return env_step(obs, action)

    return lax.fori_loop(0, steps, body, obs0)


def main():
    policy = Policy(4, 3, nnx.Rngs(0))
    buffer = ReplayBuffer()
    collect(policy, buffer, jnp.ones((4,)), 6)
    batch = buffer.as_batch()
    print({k: v.shape for k, v in batch.items()})
    return None
