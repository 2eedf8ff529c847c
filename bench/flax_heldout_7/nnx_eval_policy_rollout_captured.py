# label: ok
# flax-error: none
# class: 2 a policy switched to eval mode (Dropout off, BatchNorm running stats) is captured read-only by the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, obs):
        return self.head(self.drop(nnx.relu(self.bn(self.fc(obs)))))


def evaluate(policy, obs0, horizon=10):
    def step(obs, _):
        a = jnp.tanh(policy(obs))
        obs = 0.9 * obs + 0.1 * jnp.concatenate([a, a], -1)
        return obs, a
    return jax.lax.scan(step, obs0, None, length=horizon)[1]


def main():
    policy = Policy(nnx.Rngs(params=0, dropout=1))
    policy.eval()
    actions = evaluate(policy, jnp.ones((3, 4)))
    actions.block_until_ready()
    return None
