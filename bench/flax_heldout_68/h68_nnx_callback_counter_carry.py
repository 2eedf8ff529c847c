# label: ok
# flax-error: none
# class: 3 the fori_loop carries the step count and the CounterCallback writes it into its nnx.Variable subclass after the loop
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

    def on_end(self, num_steps):
        self.counter.steps.value = self.counter.steps.value + num_steps


def run_eval(model, batches, callbacks):
    def body(i, carry):
        total, steps = carry
        loss = model(batches[i])
        return total + loss, steps + 1

    total, steps = lax.fori_loop(0, batches.shape[0], body, (jnp.zeros(()), jnp.int32(0)))
    for cb in callbacks:
        cb.on_end(steps)
    return total


def main():
    model = Scorer(rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 3, 4))
    counter_cb = CounterCallback()
    run_eval(model, batches, [Callback(), counter_cb])
    jax.block_until_ready(counter_cb.counter.steps.value)
    return None
