# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 __call__ delegates to a generate method whose scan is the first use of the setup submodules
import flax.linen as nn
import jax
import jax.numpy as jnp


class Seq2Seq(nn.Module):
    vocab: int = 9
    hidden: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.logits = nn.Dense(self.vocab)

    def generate(self, h, token, length):
        def step(carry, _):
            h, token = carry
            h, y = self.cell(h, self.embed(token))
            token = jnp.argmax(self.logits(y), -1)
            return (h, token), token

        return jax.lax.scan(step, (h, token), None, length=length)[1]

    def __call__(self, context):
        return self.generate(context, jnp.zeros(context.shape[:1], jnp.int32), 4)


def main():
    context = jnp.zeros((2, 12))
    model = Seq2Seq()
    variables = model.init(jax.random.PRNGKey(0), context)
    model.apply(variables, context)
