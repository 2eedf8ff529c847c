# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a step factory `make_mc_step(head, x)` builds the scan body; the body calls `head.record(...)`, which sows into 'intermediates' (mutable at apply)
"""MC-dropout uncertainty: T stochastic passes, probabilities kept for the predictive entropy."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

NUM_CLASSES = 3
MC_SAMPLES = 6


class MCHead(nn.Module):
    hidden: int = 16
    rate: float = 0.5

    def setup(self):
        self.hidden_layer = nn.Dense(self.hidden)
        self.dropout = nn.Dropout(self.rate)
        self.logits = nn.Dense(NUM_CLASSES)

    def probs(self, x, key=None):
        h = nn.relu(self.hidden_layer(x))
        h = self.dropout(h, deterministic=key is None, rng=key)
        return nn.softmax(self.logits(h))

    def record(self, p):
        self.sow("intermediates", "mc_probs", p)


def make_mc_step(head, x):
    def step(total, key):
        p = head.probs(x, key)
        head.record(p)
        return total + p, None

    return step


class MCClassifier(nn.Module):
    def setup(self):
        self.head = MCHead()

    def __call__(self, x, keys):
        deterministic = self.head.probs(x)
        total, _ = scan(make_mc_step(self.head, x), jnp.zeros_like(deterministic), keys)
        return deterministic, total / keys.shape[0]


def predictive_entropy(p):
    return -jnp.sum(p * jnp.log(p + 1e-9), axis=-1)


def main():
    x = jnp.linspace(-2.0, 2.0, 8).reshape(2, 4)
    model = MCClassifier()
    params = model.init(jax.random.key(0), x, jax.random.split(jax.random.key(1), 2))["params"]
    keys = jax.random.split(jax.random.key(7), MC_SAMPLES)
    (_, mean_p), state = model.apply({"params": params}, x, keys, mutable=["intermediates"])
    samples = jnp.stack(state["intermediates"]["head"]["mc_probs"])
    entropy = predictive_entropy(mean_p)
    jax.block_until_ready(entropy)
    return samples
