# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a lazy warm-start hook calls nnx.update on the trainer's closed-over model from inside the first scan step
"""Fine-tuning trainer (NNX) with a warm-start loader that restores pretrained weights lazily."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class TextClassifier(nnx.Module):
    def __init__(self, vocab=50, dim=16, classes=3, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.head = nnx.Linear(dim, classes, rngs=rngs)

    def __call__(self, tokens):
        return self.head(self.embed(tokens).mean(axis=-2))


class WarmStartLoader:
    """Pretend checkpoint store: keeps a pretrained nnx.State to restore from."""

    def __init__(self, seed=123):
        self.pretrained = nnx.state(TextClassifier(rngs=nnx.Rngs(seed)), nnx.Param)
        self.restored = False

    def maybe_restore(self, model):
        if not self.restored:
            nnx.update(model, self.pretrained)
            self.restored = True


class FineTuner:
    def __init__(self, loader):
        self.model = TextClassifier(rngs=nnx.Rngs(0))
        self.loader = loader

    def evaluate(self, token_batches, labels):
        def step(total, batch):
            self.loader.maybe_restore(self.model)
            tokens, y = batch
            logits = self.model(tokens)
            return total + optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), None

        total, _ = jax.lax.scan(step, jnp.zeros(()), (token_batches, labels))
        return total


def main():
    tokens = jax.random.randint(jax.random.PRNGKey(0), (3, 4, 7), 0, 50)
    labels = jnp.zeros((3, 4), jnp.int32)
    FineTuner(WarmStartLoader()).evaluate(tokens, labels).block_until_ready()
    return None
