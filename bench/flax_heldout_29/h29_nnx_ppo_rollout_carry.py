# label: ok
# flax-error: none
# class: 4 rollout(policy_fn, env_step, init, n) wrapper carries the split policy state; the jitted apply's new RngStream state goes back into the carry
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


def rollout(policy_fn, env_step, init, num_steps):
    def body(carry, _):
        obs, policy_state = carry
        action, log_prob, policy_state = policy_fn(policy_state, obs)
        nxt, reward = env_step(obs, action)
        return (nxt, policy_state), {"log_prob": log_prob, "reward": reward}

    return jax.lax.scan(body, init, None, length=num_steps)


@jax.jit
def policy_apply(graphdef, state, obs):
    policy = nnx.merge(graphdef, state)
    action, log_prob = policy(obs)
    return action, log_prob, nnx.state(policy)


def make_policy_fn(policy):
    graphdef, state = nnx.split(policy)
    return (lambda st, obs: policy_apply(graphdef, st, obs)), state


def main():
    policy = GaussianPolicy(4, 2, nnx.Rngs(params=0, action=1))
    policy_fn, state = make_policy_fn(policy)
    (_, state), traj = rollout(policy_fn, point_mass_step, (jnp.full((4,), 0.5), state), 6)
    nnx.update(policy, state)
    print("return", float(traj["reward"].sum()))
    return traj["log_prob"]
