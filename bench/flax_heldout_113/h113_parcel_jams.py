# label: same-values
# flax-error: none
# class: 1 the module's __call__ runs jax.lax.scan and calls self.make_rng('jams') in the body
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
        def tick(backlog, load):
            p = self.jam_probability(load)
            u = jax.random.uniform(self.make_rng("jams"), (self.chutes,))
            jammed = (u < p).astype(jnp.float32)
            backlog = backlog + jammed * load
            return backlog, u

        backlog, draws = jax.lax.scan(tick, jnp.zeros((self.chutes,)), loads)
        return backlog, draws


def main():
    sim = JamSimulator()
    loads = jax.random.uniform(jax.random.key(0), (20, 6)) * 3.0
    variables = sim.init({"params": jax.random.key(1)}, loads[0], method=JamSimulator.jam_probability)
    _, draws = sim.apply(variables, loads, rngs={"jams": jax.random.key(2)})
    return draws
