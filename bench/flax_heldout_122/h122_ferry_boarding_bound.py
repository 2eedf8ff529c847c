# label: same-values
# flax-error: none
# class: 3 BoardingSimulator.model, a module bound with variables and a dropout key, is called in the fori_loop body
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
        self.model = policy.bind(variables, rngs={"dropout": key})

    def sample_lanes(self, manifest, n):
        def body(i, out):
            return out.at[i].set(self.model(manifest, train=True))

        init = jnp.zeros((n, self.model.lanes))
        return jax.lax.fori_loop(0, n, body, init)


def main():
    manifest = jax.random.uniform(jax.random.key(0), (30, 5))  # vehicles x (length, weight, ...)
    policy = LanePolicy()
    variables = policy.init(jax.random.key(1), manifest)
    sim = BoardingSimulator(policy, variables, jax.random.key(2))
    return sim.sample_lanes(manifest, 8)
