# label: ok
# flax-error: none
# class: 1 the module's __call__ runs jax.lax.scan; self.make_rng('jams') is drawn once before the loop and split in the carry
"""Parcel sorting hub: simulate conveyor jams along a shift; each tick a learned hazard gives
the jam probability of every chute and a jam draw decides which chutes stop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class JamSimulator(nn.Module):
    chutes: int = 6

    def setup(self):
        self.hazard = nn.Dense(self.chutes)

    def jam_probability(self, load):
        return nn.sigmoid(self.hazard(load) - 2.0)

    def __call__(self, loads):
        def tick(carry, load):
            backlog, key = carry
            key, sub = jax.random.split(key)
            p = self.jam_probability(load)
            u = jax.random.uniform(sub, (self.chutes,))
            jammed = (u < p).astype(jnp.float32)
            backlog = backlog + jammed * load
            return (backlog, key), u

        init = (jnp.zeros((self.chutes,)), self.make_rng("jams"))
        (backlog, _), draws = jax.lax.scan(tick, init, loads)
        return backlog, draws


def main():
    sim = JamSimulator()
    loads = jax.random.uniform(jax.random.key(0), (20, 6)) * 3.0
    variables = sim.init({"params": jax.random.key(1)}, loads[0], method=JamSimulator.jam_probability)
    _, draws = sim.apply(variables, loads, rngs={"jams": jax.random.key(2)})
    return draws
