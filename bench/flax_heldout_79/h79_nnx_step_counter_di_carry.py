# label: ok
# flax-error: none
# class: 3 the StepCounter from Container -> WarmupSchedule -> counter is nnx.split, its state carried through the fori_loop and nnx.update'd after
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
    graphdef, counter_state = nnx.split(schedule.counter)

    def body(i, carry):
        w, counter_state = carry
        counter = nnx.merge(graphdef, counter_state)
        lr = WarmupSchedule(counter, schedule.peak, schedule.warmup).next_lr()
        grad = jax.grad(lambda w: jnp.mean((xs[i] @ w - ys[i]) ** 2))(w)
        return w - lr * grad, nnx.state(counter)

    w, counter_state = jax.lax.fori_loop(0, n_steps, body, (w, counter_state))
    nnx.update(schedule.counter, counter_state)
    return w


def main():
    container = Container(
        counter=lambda c: StepCounter(),
        schedule=lambda c: WarmupSchedule(c.get("counter"), peak=0.1, warmup=3),
    )
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = xs @ jnp.array([1.0, -2.0, 0.5])
    pretrain(container, jnp.zeros(3), xs, ys)
    return None
