# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped block built in setup is first called inside the scan body that the encoder's __call__ runs
"""Sonar echo encoder: a rematerialised recurrent block folds each ping into the track embedding."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PingBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, state, ping):
        z = nn.Dense(self.hidden, name="mix")(jnp.concatenate([state, ping]))
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(ping))
        return gate * jnp.tanh(z) + (1.0 - gate) * state


RematPingBlock = nn.remat(PingBlock)


class EchoEncoder(nn.Module):
    hidden: int = 16

    def setup(self):
        self.block = RematPingBlock(self.hidden)
        self.readout = nn.Dense(4)

    def __call__(self, pings):
        def body(state, ping):
            state = self.block(state, ping)
            return state, jnp.linalg.norm(state)

        state, norms = jax.lax.scan(body, jnp.zeros(self.hidden), pings)
        return self.readout(state), norms


class TrackClassifier:
    def __init__(self, encoder: EchoEncoder):
        self.encoder = encoder

    def build(self, pings, seed=0):
        self.variables = self.encoder.init(jax.random.key(seed), pings)
        return self

    def classify(self, pings):
        logits, _ = self.encoder.apply(self.variables, pings)
        return jnp.argmax(logits)


def main():
    pings = jax.random.normal(jax.random.key(2), (10, 6))
    classifier = TrackClassifier(EchoEncoder()).build(pings)
    print(int(classifier.classify(pings)))
    return None
