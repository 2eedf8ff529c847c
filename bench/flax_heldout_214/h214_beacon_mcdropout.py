# label: same-values
# flax-error: none
# class: 5 BeaconSearcher keeps functools.partial(model.apply, variables, rngs={"dropout": key}) and the fori_loop body calls it
"""Avalanche beacon search: a transceiver model turns the three antenna readings into a
bearing and a distance; Monte Carlo dropout passes give the searcher an uncertainty band
before walking the next flux line."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class BearingNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, antennas, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(antennas))
        h = nn.Dropout(0.3, deterministic=deterministic)(h)
        return nn.Dense(2)(h)  # bearing (rad), distance (m)


class BeaconSearcher:
    def __init__(self, model, variables, key, passes: int = 8):
        self.passes = passes
        self._policy = functools.partial(
            model.apply, variables, deterministic=False, rngs={"dropout": key})

    def uncertainty(self, antennas):
        def one_pass(i, samples):
            return samples.at[i].set(self._policy(antennas))

        return lax.fori_loop(0, self.passes, one_pass, jnp.zeros((self.passes, 2)))


class SearchLeader:
    def __init__(self, searcher: BeaconSearcher):
        self.searcher = searcher

    def next_heading(self, antennas):
        samples = self.searcher.uncertainty(antennas)
        return samples


def main():
    antennas = jnp.array([0.82, 0.41, 0.13])
    model = BearingNet()
    variables = model.init(jax.random.key(0), antennas)
    leader = SearchLeader(BeaconSearcher(model, variables, jax.random.key(5)))
    return leader.next_heading(antennas)
