# label: ok
# flax-error: none
# class: 5 make_bandit_rollout closes over the actor and one key; the fori_loop body it returns folds the step index into that key, builds nnx.Rngs(action=...) from the result and passes it to actor.sample
import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx
from jax import random

OBS_DIM = 3
ACT_DIM = 2
CONTEXT = jnp.array([[0.4, -0.2, 0.1], [-0.3, 0.6, 0.0], [0.2, 0.2, -0.5]])


class GaussianActor(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.mu = nnx.Linear(32, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.zeros((act_dim,)))

    def __call__(self, obs):
        return self.mu(nnx.tanh(self.hidden(obs))), self.log_std[...]

    def sample(self, obs, rngs: nnx.Rngs):
        mean, log_std = self(obs)
        eps = random.normal(rngs.action(), mean.shape)
        log_prob = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)
        return mean + jnp.exp(log_std) * eps, log_prob


def make_bandit_rollout(actor, key, horizon):
    def step(t, bufs):
        actions, log_probs = bufs
        step_rngs = nnx.Rngs(action=random.fold_in(key, t))
        action, log_prob = actor.sample(CONTEXT, step_rngs)
        return actions.at[t].set(action), log_probs.at[t].set(log_prob)

    def rollout():
        n = CONTEXT.shape[0]
        bufs = (jnp.zeros((horizon, n, ACT_DIM)), jnp.zeros((horizon, n)))
        return lax.fori_loop(0, horizon, step, bufs)

    return rollout


def bandit_reward(actions):
    return -jnp.sum((actions - jnp.tanh(CONTEXT[:, :ACT_DIM])) ** 2, axis=-1)


def main():
    actor = GaussianActor(OBS_DIM, ACT_DIM, rngs=nnx.Rngs(0))
    rollout = make_bandit_rollout(actor, random.key(11), horizon=5)
    actions, log_probs = rollout()
    rewards = jax.vmap(bandit_reward)(actions)
    baseline = rewards.mean(axis=0, keepdims=True)
    advantages = (rewards - baseline) / (rewards.std() + 1e-8)
    jax.block_until_ready((advantages, log_probs))
    return actions
