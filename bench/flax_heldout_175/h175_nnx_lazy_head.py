# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the NNX Linear is built lazily inside the scan body and stored as the attribute head.layer of a plain LazyHead object
"""Ported from torch.nn.LazyLinear: the head infers its input size on the first forward call."""
import jax
import jax.numpy as jnp
from flax import nnx


class Backbone(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(3, 24, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.fc(x))


class LazyHead:
    def __init__(self, out_features, seed):
        self.out_features = out_features
        self.seed = seed
        self.layer = None

    def __call__(self, x):
        if self.layer is None:
            self.layer = nnx.Linear(x.shape[-1], self.out_features, rngs=nnx.Rngs(self.seed))
        return self.layer(x)


def main():
    backbone = Backbone(nnx.Rngs(0))
    head = LazyHead(2, seed=1)
    xs = jax.random.normal(jax.random.key(2), (5, 8, 3))

    def body(total, x):
        logits = head(backbone(x))
        return total + logits.mean(), logits

    total, logits = jax.lax.scan(body, 0.0, xs)
    test = head(backbone(jnp.ones((1, 3))))
    print(total, test)
    return None


if __name__ == "__main__":
    main()
