# label: ok
# flax-error: none
# class: 3 the model and optimizer are attributes of the Trainer; their state is split before the fori_loop, threaded through the carry and merged back with nnx.update
"""Character-level MLP language model trained with an nnx.Optimizer stepped inside a fori_loop epoch."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

VOCAB = 17
CONTEXT = 3


class CharMLP(nnx.Module):
    def __init__(self, vocab: int, context: int, dim: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.hidden = nnx.Linear(context * dim, 32, rngs=rngs)
        self.out = nnx.Linear(32, vocab, rngs=rngs)

    def __call__(self, context_tokens):
        h = self.embed(context_tokens).reshape(context_tokens.shape[0], -1)
        return self.out(jax.nn.gelu(self.hidden(h)))


def cross_entropy(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


class Trainer:
    def __init__(self, model: CharMLP, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def run_epoch(self, inputs, targets):
        num_batches = inputs.shape[0]
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_batch(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(cross_entropy)(model, inputs[i], targets[i])
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = jax.lax.fori_loop(0, num_batches, train_batch, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total / num_batches


def make_batches(key, num_batches, batch_size):
    text = jax.random.randint(key, (num_batches * batch_size + CONTEXT,), 0, VOCAB)
    idx = jnp.arange(num_batches * batch_size)[:, None] + jnp.arange(CONTEXT)
    x, y = text[idx], text[idx[:, -1] + 1]
    return x.reshape(num_batches, batch_size, CONTEXT), y.reshape(num_batches, batch_size)


def main():
    model = CharMLP(VOCAB, CONTEXT, 8, rngs=nnx.Rngs(0))
    trainer = Trainer(model, 3e-3)
    inputs, targets = make_batches(jax.random.key(1), 4, 6)
    for _ in range(2):
        loss = trainer.run_epoch(inputs, targets)
    jax.block_until_ready((loss, nnx.state(trainer.model)))
    return None


if __name__ == "__main__":
    main()
