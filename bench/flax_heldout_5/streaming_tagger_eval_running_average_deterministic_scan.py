# label: ok
# flax-error: none
# class: 3 tagger trained on whole sequences; its stream() method scans one frame at a time in eval mode (BatchNorm use_running_average=True, Dropout deterministic=True) under apply(method=...)
"""Frame tagger for streaming inference: training and init go through __call__ on whole
sequences (BatchNorm in training mode, dropout on); online inference uses stream(), which
steps the same setup submodules with jax.lax.scan in evaluation mode and so only reads the
batch statistics."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FrameTagger(nn.Module):
    num_tags: int = 4

    def setup(self):
        self.proj = nn.Dense(16)
        self.bn = nn.BatchNorm(momentum=0.9)
        self.drop = nn.Dropout(0.3)
        self.rec = nn.Dense(16)
        self.head = nn.Dense(self.num_tags)

    def frame(self, h, x, train: bool):
        z = self.bn(self.proj(x), use_running_average=not train)
        z = self.drop(nn.relu(z), deterministic=not train)
        h = jnp.tanh(self.rec(jnp.concatenate([h, z], -1)))
        return h, self.head(h)

    def __call__(self, frames, train: bool = True):
        # frames: [batch, features] for one step of teacher-free training
        h = jnp.zeros((frames.shape[0], 16))
        return self.frame(h, frames, train)[1]

    def stream(self, frames):
        # frames: [time, batch, features]
        def step(h, x):
            return self.frame(h, x, train=False)

        _, tags = jax.lax.scan(step, jnp.zeros((frames.shape[1], 16)), frames)
        return tags


def main():
    model = FrameTagger()
    x = jax.random.normal(jax.random.PRNGKey(0), (4, 6))
    variables = model.init({"params": jax.random.PRNGKey(1), "dropout": jax.random.PRNGKey(2)}, x)
    _, updates = model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(3)}, mutable=["batch_stats"])
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    tags = model.apply(variables, jax.random.normal(jax.random.PRNGKey(4), (5, 4, 6)), method=FrameTagger.stream)
    assert tags.shape == (5, 4, 4)
    return None
