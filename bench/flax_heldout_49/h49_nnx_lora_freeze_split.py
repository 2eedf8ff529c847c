# label: ok
# flax-error: none
# class: 3 an AdapterBank splits the shared model into graphdef, LoRA state and frozen rest; the raw scan body over tasks merges a fresh model from the per-task LoRA slice
"""Model surgery: one frozen backbone with a LoRA adapter per task. The AdapterBank evaluates
every task's adapter on the same probe batch."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Backbone(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.LoRALinear(8, 8, lora_rank=2, rngs=rngs)
        self.out = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.proj(x)))


def make_task_adapter(model, seed):
    state = nnx.state(model, nnx.LoRAParam)
    key = jax.random.key(seed)
    return jax.tree.map(lambda a: 0.01 * jax.random.normal(key, a.shape), state)


class AdapterBank:
    def __init__(self, model, num_tasks):
        self.model = model
        adapters = [make_task_adapter(model, t) for t in range(num_tasks)]
        self.stacked = jax.tree.map(lambda *a: jnp.stack(a), *adapters)

    def evaluate(self, probe):
        graphdef, _, frozen = nnx.split(self.model, nnx.LoRAParam, ...)

        def body(carry, lora_state):
            model = nnx.merge(graphdef, lora_state, frozen)
            return carry, model(probe)

        _, outs = scan(body, None, self.stacked)
        return outs


def main():
    bank = AdapterBank(Backbone(nnx.Rngs(0)), num_tasks=3)
    bank.evaluate(jnp.ones((4, 8)))
    return None
