# label: ok
# flax-error: none
# class: 4 RipeningSimulator.what_if splits self.cave, carries the state through the fori_loop and walks the module tree merged from it recursively to draw from every MoistureNoise layer's nnx.Rngs
"""Cheese ripening cave simulator.

The cave model is a tree: cave -> shelves -> wheels, where every wheel has a moisture-loss
regressor and a stochastic surface-moisture layer with its own nnx.Rngs stream. A what-if run
works on a sandbox copy of the cave so the live model is untouched, walks the module tree and
records the moisture draws of every wheel for each simulated day.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class MoistureNoise(nnx.Module):
    def __init__(self, scale: float, seed: int):
        self.scale = scale
        self.rngs = nnx.Rngs(moisture=seed)

    def __call__(self):
        return self.scale * jax.random.normal(self.rngs.moisture(), ())


class Wheel(nnx.Module):
    def __init__(self, seed: int, rngs: nnx.Rngs):
        self.loss_rate = nnx.Linear(3, 1, rngs=rngs)
        self.surface = MoistureNoise(0.02, seed)


class Shelf(nnx.Module):
    def __init__(self, first_seed: int, n_wheels: int, rngs: nnx.Rngs):
        self.wheels = nnx.List([Wheel(first_seed + i, rngs) for i in range(n_wheels)])


class CaveModel(nnx.Module):
    def __init__(self, n_shelves: int, n_wheels: int, rngs: nnx.Rngs):
        self.shelves = nnx.List([Shelf(100 * s, n_wheels, rngs) for s in range(n_shelves)])


def iter_modules(node):
    """Depth-first walk over a module tree, following Module attributes and nnx.List items."""
    yield node
    for value in vars(node).values():
        children = value if isinstance(value, (list, tuple, nnx.List)) else [value]
        for child in children:
            if isinstance(child, nnx.Module):
                yield from iter_modules(child)


class RipeningSimulator:
    def __init__(self, cave: CaveModel):
        self.cave = cave

    def what_if(self, days: int):
        n_noise = sum(isinstance(m, MoistureNoise) for m in iter_modules(self.cave))

        graphdef, state = nnx.split(self.cave)

        def body(day, carry):
            draws, state = carry
            sandbox = nnx.merge(graphdef, state)
            noise = jnp.stack([m() for m in iter_modules(sandbox) if isinstance(m, MoistureNoise)])
            return draws.at[day].set(noise), nnx.state(sandbox)

        draws, _ = lax.fori_loop(0, days, body, (jnp.zeros((days, n_noise)), state))
        return draws


def main():
    cave = CaveModel(n_shelves=2, n_wheels=3, rngs=nnx.Rngs(0))
    simulator = RipeningSimulator(cave)
    draws = simulator.what_if(days=6)
    print("moisture spread per wheel", jnp.std(draws, axis=0))
    return draws
