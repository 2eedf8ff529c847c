# label: ok
# flax-error: none
# class: 4 the Dispatcher receiver's model state goes through nnx.split into the while_loop carry; the RetuneCommand that the invoker executes in the body returns nnx.state of the merged model, and the final carry is committed after the loop
"""Elevator group dispatch: online retuning of the hall-call cost model during a rush hour.

Operations are command objects run by an invoker; the retune command returns the tuned state,
which the invoker commits to the live dispatcher after the loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class CallCost(nnx.Module):
    def __init__(self, floors: int, cars: int, rngs: nnx.Rngs):
        self.cost = nnx.Linear(floors, cars, rngs=rngs)

    def __call__(self, calls):
        return self.cost(calls)


class Dispatcher:
    def __init__(self, model: CallCost):
        self.model = model


class RetuneCommand:
    def __init__(self, graphdef, lr: float = 0.05):
        self.graphdef = graphdef
        self.lr = lr

    def execute(self, state, calls, waits):
        model = nnx.merge(self.graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((jnp.min(m(calls), axis=-1) - waits) ** 2))(model)
        nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model, nnx.Param), grads))
        return nnx.state(model)


class Invoker:
    def __init__(self, receiver: Dispatcher):
        self.receiver = receiver

    def rush_hour(self, calls, waits, budget):
        graphdef, state = nnx.split(self.receiver.model)
        command = RetuneCommand(graphdef)

        def cond(loop):
            i, _ = loop
            return i < budget

        def body(loop):
            i, state = loop
            return i + 1, command.execute(state, calls[i], waits[i])

        _, state = while_loop(cond, body, (0, state))
        nnx.update(self.receiver.model, state)
        return self.receiver.model(calls[0])


def main():
    floors, cars, minutes = 12, 4, 30
    calls = jax.random.bernoulli(jax.random.key(1), 0.2, (minutes, 16, floors)).astype(jnp.float32)
    waits = jax.random.uniform(jax.random.key(2), (minutes, 16), maxval=60.0)
    dispatcher = Dispatcher(CallCost(floors, cars, rngs=nnx.Rngs(0)))
    costs = Invoker(dispatcher).rush_hour(calls, waits, budget=minutes)
    costs.block_until_ready()
    return None
