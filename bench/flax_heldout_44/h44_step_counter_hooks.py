# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "step" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a hook registry calls a jax.checkpoint-wrapped body that applies a model with a 'counters' step variable, without mutable=['counters']
"""Warmup schedule inside the model: a step counter variable, updated on every forward in training."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class WarmupScaledMLP(nn.Module):
    warmup_steps: int = 10

    @nn.compact
    def __call__(self, x, train: bool = False):
        step = self.variable("counters", "step", lambda: jnp.zeros((), jnp.int32))
        scale = jnp.minimum(1.0, step.value / self.warmup_steps)
        if train and not self.is_initializing():
            step.value = step.value + 1
        h = nn.relu(nn.Dense(16)(x))
        return nn.Dense(2)(h) * scale


class HookRegistry:
    def __init__(self):
        self._hooks = {}

    def register(self, event, fn):
        self._hooks.setdefault(event, []).append(fn)

    def fire(self, event, *args):
        out = None
        for fn in self._hooks.get(event, []):
            out = fn(*args)
        return out


def make_train_loop(model, variables, hooks):
    @jax.checkpoint
    def body(carry, x):
        y = model.apply(variables, x, train=True)
        loss = jnp.mean(y ** 2)
        hooks.fire("step_end", loss)
        return carry + loss, None

    def run(xs):
        total, _ = scan(body, jnp.float32(0.0), xs)
        return total

    return run


def main():
    model = WarmupScaledMLP()
    variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
    hooks = HookRegistry()
    hooks.register("step_end", lambda loss: loss)
    run = make_train_loop(model, variables, hooks)
    jax.block_until_ready(run(jnp.ones((3, 2, 4))))
    return None
