# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a CounterCallback in the callback list increments an nnx.Variable subclass on its Counter module from the fori_loop body
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class StepCount(nnx.Variable):
    pass


class Counter(nnx.Module):
    def __init__(self):
        self.steps = StepCount(jnp.array(0, jnp.int32))


class Scorer(nnx.Module):
    def __init__(self, *, rngs):
        self.fc = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc(x).mean()


class Callback:
    def on_step(self, loss):
        pass

    def on_end(self, num_steps):
        pass


class CounterCallback(Callback):
    def __init__(self):
        self.counter = Counter()

    def on_step(self, loss):
        self.counter.steps.value += 1


def run_eval(model, batches, callbacks):
    def body(i, total):
        loss = model(batches[i])
        for cb in callbacks:
            cb.on_step(loss)
        return total + loss

    total = lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
    return total


def main():
    model = Scorer(rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 3, 4))
    counter_cb = CounterCallback()
    run_eval(model, batches, [Callback(), counter_cb])
    jax.block_until_ready(counter_cb.counter.steps.value)
    return None
