# label: ok
# flax-error: none
# class: 3 BoardingSimulator.policy and .variables are applied in the fori_loop body with the simulator's dropout key folded with the iteration
"""Ferry terminal boarding: sample lane-assignment scores for one manifest of vehicles with the
stochastic policy, one sample per loop iteration."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LanePolicy(nn.Module):
    lanes: int = 4

    @nn.compact
    def __call__(self, manifest, train: bool = False):
        h = nn.relu(nn.Dense(24)(manifest))
        h = nn.Dropout(0.25, deterministic=not train)(h)
        return nn.softmax(nn.Dense(self.lanes)(h).mean(axis=0))


class BoardingSimulator:
    def __init__(self, policy, variables, key):
        self.policy = policy
        self.variables = variables
        self.key = key

    def sample_lanes(self, manifest, n):
        def body(i, out):
            rngs = {"dropout": jax.random.fold_in(self.key, i)}
            return out.at[i].set(self.policy.apply(self.variables, manifest, train=True, rngs=rngs))

        init = jnp.zeros((n, self.policy.lanes))
        return jax.lax.fori_loop(0, n, body, init)


def main():
    manifest = jax.random.uniform(jax.random.key(0), (30, 5))  # vehicles x (length, weight, ...)
    policy = LanePolicy()
    variables = policy.init(jax.random.key(1), manifest)
    sim = BoardingSimulator(policy, variables, jax.random.key(2))
    return sim.sample_lanes(manifest, 8)
