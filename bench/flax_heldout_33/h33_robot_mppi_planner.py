# label: same-values
# flax-error: none
# class: 3 the module-level mppi_rollout() scan body calls policy.apply(..., rngs={'explore': key}) with the planner key captured from the enclosing plan() call; make_rng('explore') runs inside StochasticPolicy
"""MPPI planning for a planar reacher with a learned dynamics model and a
stochastic prior policy.

K candidate trajectories are rolled out for H steps; the policy proposes a
mean action and exploration noise, the learned dynamics predicts the next
state, and the trajectories are weighted by exp(-cost / lambda).
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    state_dim: int = 4
    act_dim: int = 2
    horizon: int = 6
    n_samples: int = 8
    noise_scale: float = 0.3
    temperature: float = 1.0


class DynamicsModel(nn.Module):
    state_dim: int

    @nn.compact
    def __call__(self, s, a):
        h = nn.swish(nn.Dense(32)(jnp.concatenate([s, a], -1)))
        return s + 0.1 * nn.Dense(self.state_dim)(h)


class StochasticPolicy(nn.Module):
    act_dim: int
    noise_scale: float

    @nn.compact
    def __call__(self, s):
        mean = jnp.tanh(nn.Dense(self.act_dim)(nn.swish(nn.Dense(32)(s))))
        eps = self.noise_scale * jax.random.normal(self.make_rng("explore"), mean.shape)
        return mean + eps, eps


def reach_cost(s, a, goal):
    return jnp.sum((s[..., :2] - goal) ** 2, -1) + 0.01 * jnp.sum(a ** 2, -1)


def mppi_rollout(policy, dyn, params, s0, goal, key, horizon):
    def body(s, _):
        a, eps = policy.apply(params["policy"], s, rngs={"explore": key})
        s_next = dyn.apply(params["dynamics"], s, a)
        return s_next, (reach_cost(s_next, a, goal), a, eps)

    _, (costs, actions, eps) = lax.scan(body, s0, None, length=horizon)
    return costs, actions, eps


def plan(cfg, policy, dyn, params, s0, goal, key):
    states = jnp.broadcast_to(s0, (cfg.n_samples, cfg.state_dim))
    costs, actions, eps = mppi_rollout(policy, dyn, params, states, goal, key, cfg.horizon)
    weights = jax.nn.softmax(-costs.sum(0) / cfg.temperature)
    first_action = jnp.einsum("k,ka->a", weights, actions[0])
    return first_action, eps


def main():
    cfg = PlannerConfig()
    policy = StochasticPolicy(cfg.act_dim, cfg.noise_scale)
    dyn = DynamicsModel(cfg.state_dim)
    k_pol, k_dyn, k_plan = jax.random.split(jax.random.PRNGKey(0), 3)
    s0 = jnp.array([0.3, -0.2, 0.0, 0.0])
    params = {
        "policy": policy.init({"params": k_pol, "explore": k_pol}, s0[None]),
        "dynamics": dyn.init(k_dyn, s0[None], jnp.zeros((1, cfg.act_dim))),
    }
    goal = jnp.array([0.5, 0.5])
    action, eps = jax.jit(plan, static_argnums=(0, 1, 2))(cfg, policy, dyn, params, s0, goal, k_plan)
    return eps
