# label: ok
# flax-error: none
# class: 3 a Dispatcher holds self.bound = model.bind(variables); the fori_loop carries the queue load and calls self.bound.assign, nothing is written
"""Elevator group control: a dispatch policy assigns hall calls to cars over a shift."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DispatchPolicy(nn.Module):
    cars: int = 4

    def setup(self):
        self.score = nn.Dense(self.cars)
        self.load = self.variable("queue", "load", jnp.zeros, (self.cars,))

    def __call__(self, calls):
        return nn.softmax(self.score(calls) - self.load.value, axis=-1)

    def assign(self, calls, load):
        assignment = nn.softmax(self.score(calls) - load, axis=-1)
        return assignment, 0.9 * load + assignment.sum(0)

    def serve(self, calls):
        assignment = self(calls)
        self.load.value = 0.9 * self.load.value + assignment.sum(0)
        return assignment


class Dispatcher:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def run_shift(self, call_batches):
        n = call_batches.shape[0]

        def body(i, carry):
            served, load = carry
            assignment, load = self.bound.assign(call_batches[i], load)
            return served + assignment.sum(), load

        start = self.bound.variables["queue"]["load"]
        served, _ = lax.fori_loop(0, n, body, (jnp.zeros(()), start))
        return served


class Building:
    def __init__(self, name, dispatcher):
        self.name = name
        self.dispatcher = dispatcher

    def simulate(self, call_batches):
        served = self.dispatcher.run_shift(call_batches)
        return {"building": self.name, "served": float(served)}


def main():
    model = DispatchPolicy()
    calls = jax.random.uniform(jax.random.key(3), (8, 5, 10))
    variables = model.init(jax.random.key(4), calls[0])
    building = Building("north-tower", Dispatcher(model, variables))
    print(building.simulate(calls))
    return None
