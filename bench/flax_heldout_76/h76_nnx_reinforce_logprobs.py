# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nnx policy closed over read-only by the scan body; log-probs computed from it are appended to an outer Python list inside the body
"""REINFORCE with an NNX categorical policy: the episode loop was moved to
jax.lax.scan but the log-probabilities are still collected in a list."""
import jax
import jax.numpy as jnp
from flax import nnx

HORIZON, OBS, N_ACT = 6, 4, 3


class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(OBS, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, N_ACT, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.tanh(self.l1(obs)))


def main():
    policy = Policy(nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(3), HORIZON)
    log_probs, rewards = [], []

    def env_step(obs, key):
        logits = policy(obs)
        action = jax.random.categorical(key, logits)
        log_probs.append(jax.nn.log_softmax(logits)[action])
        reward = (action == 1).astype(jnp.float32)
        obs = jnp.roll(obs, 1) + 0.1 * action
        return obs, reward

    _, rewards = jax.lax.scan(env_step, jnp.ones(OBS), keys)
    returns = jnp.cumsum(rewards[::-1])[::-1]
    pg_loss = -jnp.sum(jnp.stack(log_probs) * returns)
    pg_loss.block_until_ready()
    return None
