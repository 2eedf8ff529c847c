# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the DagExecutor runs each StageNode's nnx module inside the scan body and the node publishes its output to executor.artifacts; the indexer reads the artifact after the loop
"""DAG executor for a document-understanding pipeline.

Stages (layout encoder -> text fuser -> page classifier) are nnx modules wrapped in nodes that
name their inputs. The executor scans the graph over the pages of a document; every node also
publishes its latest output to an artifact store so that the search indexer can pick up the
page embedding without re-running the graph.
"""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, d_in, d_out, *, rngs):
        self.lin = nnx.Linear(d_in, d_out, rngs=rngs)

    def __call__(self, x):
        return nnx.tanh(self.lin(x))


@dataclass
class ArtifactStore:
    latest: dict = field(default_factory=dict)

    def publish(self, name, value):
        self.latest[name] = value


@dataclass
class StageNode:
    name: str
    module: nnx.Module
    inputs: tuple

    def run(self, values, artifacts: ArtifactStore):
        out = self.module(jnp.concatenate([values[k] for k in self.inputs], axis=-1))
        artifacts.publish(self.name, out)
        return out


class DagExecutor:
    def __init__(self, nodes):
        self.nodes = nodes
        self.artifacts = ArtifactStore()

    def run(self, layout, text):
        def page(count, inputs):
            values = {"layout": inputs[0], "text": inputs[1]}
            for node in self.nodes:
                values[node.name] = node.run(values, self.artifacts)
            return count + 1, jnp.argmax(values[self.nodes[-1].name], axis=-1)

        return jax.lax.scan(page, 0, (layout, text))[1]


class SearchIndexer:
    def __init__(self):
        self.rows = []

    def index(self, embedding):
        self.rows.append(embedding / jnp.linalg.norm(embedding, axis=-1, keepdims=True))


def main():
    rngs = nnx.Rngs(0)
    layout = jax.random.normal(jax.random.key(1), (4, 2, 6))
    text = jax.random.normal(jax.random.key(2), (4, 2, 10))
    nodes = [
        StageNode("layout_emb", Encoder(6, 8, rngs=rngs), ("layout",)),
        StageNode("page_emb", Encoder(18, 12, rngs=rngs), ("layout_emb", "text")),
        StageNode("page_class", Encoder(12, 3, rngs=rngs), ("page_emb",)),
    ]
    executor = DagExecutor(nodes)
    executor.run(layout, text).block_until_ready()
    indexer = SearchIndexer()
    indexer.index(executor.artifacts.latest["page_emb"])
    jax.block_until_ready(indexer.rows)
    return None
