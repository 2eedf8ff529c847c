# label: trace-context
# flax-error: TraceContextError: Cannot mutate Steps from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the StepCounter module (an nnx.Variable subclass Steps) reaches the fori_loop body through Container -> WarmupSchedule -> counter
"""Components configured through a dependency-injection container: a StepCounter module with a
custom nnx.Variable subclass, a warm-up learning-rate schedule that reads it, and a pre-training
loop that runs a fixed number of SGD steps with a fori_loop and advances the counter each step."""
import jax
import jax.numpy as jnp
from flax import nnx


class Steps(nnx.Variable):
    pass


class StepCounter(nnx.Module):
    def __init__(self):
        self.steps = Steps(jnp.zeros((), jnp.int32))

    def tick(self):
        self.steps.value = self.steps.value + 1
        return self.steps.value


class WarmupSchedule:
    def __init__(self, counter: StepCounter, peak: float, warmup: int):
        self.counter, self.peak, self.warmup = counter, peak, warmup

    def next_lr(self):
        step = self.counter.tick()
        return self.peak * jnp.minimum(1.0, step / self.warmup)


class Container:
    def __init__(self, **providers):
        self._providers, self._instances = providers, {}

    def get(self, name):
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


def pretrain(container, w, xs, ys, n_steps=5):
    schedule = container.get("schedule")

    def body(i, w):
        lr = schedule.next_lr()
        grad = jax.grad(lambda w: jnp.mean((xs[i] @ w - ys[i]) ** 2))(w)
        return w - lr * grad

    return jax.lax.fori_loop(0, n_steps, body, w)


def main():
    container = Container(
        counter=lambda c: StepCounter(),
        schedule=lambda c: WarmupSchedule(c.get("counter"), peak=0.1, warmup=3),
    )
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = xs @ jnp.array([1.0, -2.0, 0.5])
    pretrain(container, jnp.zeros(3), xs, ys)
    return None
