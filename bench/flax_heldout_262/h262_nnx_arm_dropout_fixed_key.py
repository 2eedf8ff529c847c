# label: same-values
# flax-error: none
# class: 4 GraspPlanner.candidates runs while_loop; the body calls self.wrapper.propose, which calls the wrapped GraspPolicy whose Dropout gets the planner's sample_key
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class GraspPolicy(nnx.Module):
    def __init__(self, obs_dim, n_dof, rngs):
        self.trunk = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.head = nnx.Linear(16, n_dof, rngs=rngs)

    def __call__(self, obs, key):
        h = self.drop(nnx.relu(self.trunk(obs)), rngs=key, deterministic=False)
        return self.head(h)


class PolicyWrapper:
    def __init__(self, policy, joint_limits):
        self.policy = policy
        self.joint_limits = joint_limits

    @property
    def n_dof(self):
        return self.joint_limits.shape[0]

    def propose(self, obs, key):
        return jnp.clip(self.policy(obs, key), -self.joint_limits, self.joint_limits)


class GraspPlanner:
    def __init__(self, wrapper, rngs, n_candidates=5):
        self.wrapper = wrapper
        self.sample_key = rngs.sample()
        self.n_candidates = n_candidates

    def candidates(self, obs):
        buffer = jnp.zeros((self.n_candidates, self.wrapper.n_dof))

        def more(state):
            return state[0] < self.n_candidates

        def propose_one(state):
            i, buf = state
            grasp = self.wrapper.propose(obs, self.sample_key)
            return i + 1, buf.at[i].set(grasp)

        _, buffer = while_loop(more, propose_one, (0, buffer))
        return buffer


def main():
    policy = GraspPolicy(obs_dim=9, n_dof=4, rngs=nnx.Rngs(0))
    wrapper = PolicyWrapper(policy, joint_limits=jnp.array([1.5, 1.5, 2.0, 0.8]))
    planner = GraspPlanner(wrapper, nnx.Rngs(sample=6))
    obs = jnp.concatenate([jnp.array([0.3, -0.1, 0.2]), jnp.zeros(6)])
    return planner.candidates(obs)
