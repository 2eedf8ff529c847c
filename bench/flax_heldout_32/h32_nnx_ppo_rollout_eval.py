# label: ok
# flax-error: none
# class: 2 the scan body calls policy_step, which runs the policy; the rollout switches the policy to eval mode first so its nnx.Dropout is deterministic
import jax
import jax.numpy as jnp
from flax import nnx

OBS, N_ACT, T = 4, 3, 6


class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.torso = nnx.Linear(OBS, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.pi = nnx.Linear(16, N_ACT, rngs=rngs)
        self.v = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        h = self.drop(jax.nn.tanh(self.torso(obs)))
        return self.pi(h), self.v(h)[..., 0]


def env_step(obs, action):
    next_obs = jnp.roll(obs, 1) + 0.1 * action
    return next_obs, -jnp.sum(next_obs ** 2)


def policy_step(policy, obs, key):
    logits, value = policy(obs)
    action = jax.random.categorical(key, logits)
    logp = jax.nn.log_softmax(logits)[action]
    return action, logp, value


def rollout(policy, obs0, key):
    def body(obs, k):
        action, logp, value = policy_step(policy, obs, k)
        next_obs, reward = env_step(obs, action)
        return next_obs, (obs, action, logp, value, reward)

    return jax.lax.scan(body, obs0, jax.random.split(key, T))


def main():
    policy = Policy(nnx.Rngs(params=0, dropout=1))
    policy.eval()
    _, traj = rollout(policy, jnp.ones((OBS,)), jax.random.key(2))
    policy.train()
    obs, actions, logps, values, rewards = traj
    advantages = rewards - values
    assert advantages.shape == (T,)
    return None
