# label: same-values
# flax-error: none
# class: 5 a factory returns the scan step; it closes over the policy's graphdef and params state and builds nnx.Rngs(action=seed) from the same seed on every step
"""Robotic bin-picking: the grasp planner asks a stochastic policy for several candidate
grasps on the same camera observation and ranks them with a separate quality model."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

OBS = 10
ACTION = 4


class GaussianGraspPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.torso = nnx.Linear(OBS, 32, rngs=rngs)
        self.mean = nnx.Linear(32, ACTION, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((ACTION,), -1.0))

    def sample(self, obs, rngs: nnx.Rngs):
        h = nnx.relu(self.torso(obs))
        eps = jax.random.normal(rngs.action(), (ACTION,))
        return self.mean(h) + jnp.exp(self.log_std[...]) * eps


def make_proposal_step(graphdef, params, obs, seed):
    def step(carry, _):
        policy = nnx.merge(graphdef, params)
        grasp = policy.sample(obs, nnx.Rngs(action=seed))
        return carry, grasp
    return step


class GraspPlanner:
    def __init__(self, policy, num_proposals, seed):
        self.graphdef, self.params = nnx.split(policy)
        self.num_proposals = num_proposals
        self.seed = seed

    def propose(self, obs):
        step = make_proposal_step(self.graphdef, self.params, obs, self.seed)
        _, grasps = lax.scan(step, None, None, length=self.num_proposals)
        return grasps


def main():
    policy = GaussianGraspPolicy(nnx.Rngs(0))
    obs = jax.random.normal(jax.random.PRNGKey(1), (OBS,))
    return GraspPlanner(policy, num_proposals=8, seed=5).propose(obs)
