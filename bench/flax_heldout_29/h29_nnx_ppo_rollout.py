# label: same-values
# flax-error: none
# class: 4 rollout(policy_fn, env_step, init, n) wrapper's scan body calls a policy_fn closure over the split policy state; the jitted apply's new RngStream state is dropped
"""PPO-style data collection: a Gaussian policy acts in a toy point-mass environment."""
import jax
import jax.numpy as jnp
from flax import nnx


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))
        self.rngs = rngs

    def __call__(self, obs):
        eps = jax.random.normal(self.rngs.action(), self.log_std.shape)
        action = self.mu(obs) + jnp.exp(self.log_std.value) * eps
        log_prob = jnp.sum(-0.5 * eps ** 2 - self.log_std.value - 0.5 * jnp.log(2 * jnp.pi))
        return action, log_prob


def point_mass_step(obs, action):
    nxt = jnp.clip(obs + 0.1 * jnp.concatenate([action, action]), -1.0, 1.0)
    return nxt, -jnp.sum(nxt ** 2)


def rollout(policy_fn, env_step, init_obs, num_steps):
    def body(obs, _):
        action, log_prob = policy_fn(obs)
        nxt, reward = env_step(obs, action)
        return nxt, {"log_prob": log_prob, "reward": reward}

    return jax.lax.scan(body, init_obs, None, length=num_steps)


@jax.jit
def policy_apply(graphdef, state, obs):
    policy = nnx.merge(graphdef, state)
    action, log_prob = policy(obs)
    return action, log_prob, nnx.state(policy)


def make_policy_fn(policy):
    graphdef, state = nnx.split(policy)
    return lambda obs: policy_apply(graphdef, state, obs)[:2]


def main():
    policy = GaussianPolicy(4, 2, nnx.Rngs(params=0, action=1))
    _, traj = rollout(make_policy_fn(policy), point_mass_step, jnp.full((4,), 0.5), 6)
    print("return", float(traj["reward"].sum()))
    return traj["log_prob"]
