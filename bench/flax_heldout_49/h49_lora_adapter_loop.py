# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a LoRA-wrapped cell defined in setup is first called inside the raw scan body of the wrapper, so its parameters are created inside the loop at init
"""Model surgery: wrap a recurrent cell's dense layer with a LoRA adapter and freeze the base
weights; the wrapper runs the cell over the sequence with lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax import traverse_util
from jax import lax


class LoRADense(nn.Module):
    features: int
    rank: int = 2
    alpha: float = 4.0

    def setup(self):
        self.base = nn.Dense(self.features, name="base")
        self.lora_a = self.param("lora_a", nn.initializers.normal(0.02), (self.features, self.rank))
        self.lora_b = self.param("lora_b", nn.initializers.zeros, (self.rank, self.features))

    def __call__(self, x):
        return self.base(x) + (self.alpha / self.rank) * (x @ self.lora_a) @ self.lora_b


class AdaptedRNN(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = LoRADense(self.hidden)
        self.proj = nn.Dense(self.hidden)

    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(self.cell(h) + self.proj(x))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, hs = lax.scan(step, h0, xs)
        return hs


def freeze_base(params):
    flat = traverse_util.flatten_dict(params)
    labels = {k: "train" if k[-1].startswith("lora_") else "frozen" for k in flat}
    return traverse_util.unflatten_dict(labels)


def main():
    xs = jnp.ones((6, 2, 8))
    model = AdaptedRNN()
    params = model.init(jax.random.key(0), xs)["params"]
    tx = optax.multi_transform({"train": optax.adam(1e-3), "frozen": optax.set_to_zero()}, freeze_base(params))
    tx.init(params)
    model.apply({"params": params}, xs)
    return None
