# label: ok
# flax-error: none
# class: 4 dict of actor/critic modules read in the lax.scan rollout body; per-step keys are passed in as xs
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def env_step(obs, action):
    shift = jnp.array([[0.1, 0.0], [-0.1, 0.0], [0.0, 0.1], [0.0, -0.1]])[action]
    obs = jnp.clip(obs + shift, -1.0, 1.0)
    return obs, -jnp.sum(obs ** 2)


def rollout(nets, obs, key, num_steps):
    def env_step_fn(obs, step_key):
        logits = nets["actor"](obs)
        value = nets["critic"](obs)[0]
        action = jax.random.categorical(step_key, logits)
        next_obs, reward = env_step(obs, action)
        return next_obs, (action, value, reward)

    _, traj = jax.lax.scan(env_step_fn, obs, jax.random.split(key, num_steps))
    return traj


def main():
    rngs = nnx.Rngs(0)
    nets = {"actor": MLP(2, 4, rngs=rngs), "critic": MLP(2, 1, rngs=rngs)}
    actions, values, rewards = rollout(nets, jnp.zeros((2,)), jax.random.key(5), 16)
    return actions
