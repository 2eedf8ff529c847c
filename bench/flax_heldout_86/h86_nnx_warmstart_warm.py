# label: ok
# flax-error: none
# class: 5 the warm-start loader runs nnx.update before the loop; the model state is then split and carried through the scan
"""Fine-tuning trainer (NNX) with a warm-start loader that restores pretrained weights before evaluation."""
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
        self.loader.maybe_restore(self.model)
        graphdef, state = nnx.split(self.model)

        def step(carry, batch):
            total, state = carry
            model = nnx.merge(graphdef, state)
            tokens, y = batch
            logits = model(tokens)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return (total + loss, nnx.state(model)), None

        (total, _), _ = jax.lax.scan(step, (jnp.zeros(()), state), (token_batches, labels))
        return total


def main():
    tokens = jax.random.randint(jax.random.PRNGKey(0), (3, 4, 7), 0, 50)
    labels = jnp.zeros((3, 4), jnp.int32)
    FineTuner(WarmStartLoader()).evaluate(tokens, labels).block_until_ready()
    return None
