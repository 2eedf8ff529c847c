# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RouteClassifier.__call__ runs the scan itself; the body is the first caller of the setup-defined 'bin_head' submodule, so init creates its params inside the scan
"""Postal sorting centre: assigns each parcel on a conveyor batch to an outbound bin."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RouteClassifier(nn.Module):
    bins: int = 10
    embed: int = 16

    def setup(self):
        self.barcode_encoder = nn.Dense(self.embed)
        self.bin_head = nn.Dense(self.bins)
        self.congestion = self.param("congestion", nn.initializers.zeros, (self.bins,))

    def __call__(self, barcodes):
        encoded = nn.relu(self.barcode_encoder(barcodes))

        def body(load, parcel):
            logits = self.bin_head(parcel) - self.congestion - 0.1 * load
            chosen = jax.nn.one_hot(jnp.argmax(logits), self.bins)
            return load + chosen, jnp.argmax(logits)

        load, assignments = jax.lax.scan(body, jnp.zeros((self.bins,)), encoded)
        return assignments, load


class SortingLine:
    def __init__(self, seed=0):
        self.model = RouteClassifier()
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((4, 12)))

    def sort(self, barcodes):
        return self.model.apply(self.variables, barcodes)


def main():
    line = SortingLine()
    barcodes = jax.random.normal(jax.random.key(3), (20, 12))
    assignments, load = line.sort(barcodes)
    jax.block_until_ready((assignments, load))
    return None
